// Kaboo at the table: the memory games' table (games/memory/web/table.js) with Kaboo's rules: a 2×2 grid, a look
// at the two near cards before play, knocking, powers and snapping; black kings 10, red kings −1.
import { memoryTable } from "/games/memory/table.js";

export const { styles, ownsLegal, info, board, describe, headline, hold, retry, sheet, lessonTargets } = memoryTable({
  cols: 2, rows: 2, peek: [2, 3], two: 2, king: 10, redKing: -1, ends: "knock",
});
