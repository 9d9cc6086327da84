// 6-card golf at the table: the memory games' table (games/memory/web/table.js) with golf's rules: two rows of
// three, two cards turned up before play, cards placed face up, column pairs scoring 0; 2s −2, kings 0.
import { memoryTable } from "/games/memory/table.js";

export const { styles, ownsLegal, info, board, describe, headline, hold, retry, sheet, lessonTargets } = memoryTable({
  cols: 3, rows: 2, two: -2, king: 0, pairs: true, ends: "out", flips: 2,
});
