// Țestoasa at the table: the memory games' table (games/memory/web/table.js) with the Turtle's rules: a 2×2 grid, a
// look at the two near cards before play, taking the discard, knocking; kings 0.
import { memoryTable } from "/games/memory/table.js";

export const { styles, ownsLegal, info, board, describe, headline, hold, retry, sheet, lessonTargets } = memoryTable({
  cols: 2, rows: 2, peek: [2, 3], two: 2, king: 0, ends: "knock",
});
