/** When a message was written: the time of day for today's, the date and time for older ones; the full date on hover. */
export function MessageTime({ iso, now = new Date() }: { readonly iso: string; readonly now?: Date }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const today = date.toDateString() === now.toDateString();
  const shown = today
    ? date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <time
      className="message__time"
      dateTime={iso}
      title={date.toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'long' })}
    >
      {shown}
    </time>
  );
}
