/** How a brother is named to others: his display name, else @username, else "A brother". */
export function personName(person: { display_name: string | null; username: string | null }): string {
  return person.display_name?.trim() || (person.username ? `@${person.username}` : "A brother");
}
