/**
 * The field a server refusal names. The server's localized messages start with the field's label
 * as the console shows it ("站点目录“news”已存在", "Site folder "news" already exists"; both
 * read `fields:<resource>.<field>` first), so the longest label the message starts with is that
 * field's; a message about no field of the form (a rule across records, a network failure) gives
 * undefined and stays the notice the request layer showed.
 */
export function fieldOfMessage(message: string, labels: Readonly<Record<string, string>>): string | undefined {
  const text = message.trim();
  let best: string | undefined;
  let length = 0;
  for (const [field, label] of Object.entries(labels)) {
    const l = label.trim();
    if (l && l.length > length && text.startsWith(l)) {
      best = field;
      length = l.length;
    }
  }
  return best;
}
