// Crazy Nines (9-card golf) at the table: the memory games' table (games/memory/web/table.js) with golf's rules on
// a 3×3 grid: two cards turned up before play, equal ranks in a column score 0, swept columns (variant); 2s −2.
import { memoryTable } from "/games/memory/table.js";

export const { styles, ownsLegal, info, board, describe, headline, hold, retry, sheet, lessonTargets } = memoryTable({
  cols: 3, rows: 3, two: -2, king: 0, pairs: true, ends: "out", flips: 2,
});
