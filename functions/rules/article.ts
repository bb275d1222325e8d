/**
 * The indefinite article a message puts before a word it fills in: "an operator", "an ANY_SEVEN
 * stake", "an 8-deck shoe", but "a dealer", "a FIELD stake", "a 6-deck shoe". By how the word is
 * said: a vowel letter (but not the "you" of user, unit, union, usual, nor the "eu" of euro, nor
 * the "w" of one), or a number said with a vowel sound first (8, 11, 18, 80-89, 800-899, 8,000
 * and so on; 11 and 18 also at the head of 11,000 or 18,000,000).
 */
export function withArticle(word: string | number): string {
  return `${startsWithVowelSound(String(word)) ? 'an' : 'a'} ${word}`;
}

function startsWithVowelSound(word: string): boolean {
  const digits = /^\d[\d,]*/.exec(word)?.[0].replaceAll(',', '');
  if (digits !== undefined) {
    if (digits.startsWith('8')) return true;
    // "eleven" and "eighteen", alone or heading thousands, millions...: 11, 18, 11,000, 18,500,000.
    return (digits.startsWith('11') || digits.startsWith('18')) && (digits.length - 2) % 3 === 0;
  }
  return /^[aeiou]/i.test(word) && !/^(us[eiu]|uni(?!mp|n)|eu|one(?![a-z]))/i.test(word);
}
