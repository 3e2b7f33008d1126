// i18n.js -- the page's words in English, Italian, Russian and Spanish: one table.
export const WORDS = {};
