/**
 * The form asks for one full name (SPEC.md section 5); the address keeps firstname and lastname. The last
 * word is the last name and the rest the first name ('Mary Ann Smith' → 'Mary Ann' + 'Smith'); a single
 * word is a first name with no last name.
 */
export function splitFullName(fullName: string): { firstname: string; lastname: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstname: words[0] ?? '', lastname: '' };
  return { firstname: words.slice(0, -1).join(' '), lastname: words[words.length - 1] ?? '' };
}

export function joinFullName(firstname: string, lastname: string): string {
  return [firstname, lastname]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}
