// The table kit: every part a game's table is built from, in one import.
//   import { placeSeats, feltTable, seatPlate, hand, trick, backs } from "/static/kit/kit.js";
// See kit/README.md for the module a game exports and an example of every part.

export { h, fill, label } from "../util.js";
export { t, tn, tp, tx, txn, N_, translator, lang } from "../i18n.js";
export { cardSVG, cardText, prettyText, parseCard, isCard, isRed } from "../cards.js";
export { seatName, seatLabel, sideOf, sideLabel, sheetWord, botLevel } from "../panels.js";
export { placeSeats, placeOf, baseSeat, seatPlate, feltTable } from "./seats.js";
export { hand } from "./hand.js";
export { backs, pile, stock, cardRow } from "./piles.js";
export { trick, trickSpot, lastTrick } from "./trick.js";
export { grid } from "./grid.js";
export { board } from "./board.js";
export { countdown } from "./countdown.js";
export { compound, picker, confirmBar, chooser } from "./chooser.js";
export { snapshot, animate, reducedMotion } from "./motion.js";
export { banner } from "./banner.js";
export { notice, whyNot } from "./notice.js";
export { aidPanel, markLegend, playedCards, withAid } from "./aids.js";
