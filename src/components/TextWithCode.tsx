/**
 * A sentence from the API whose `backticked` names are shown as code, the rest as text (React
 * escapes both: a description is never read as HTML or Markdown). The portal and the admin panel.
 */
export function TextWithCode({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/(`[^`]+`)/)
        .map((part, index) =>
          part.length > 2 && part.startsWith('`') && part.endsWith('`') ? (
            <code key={index}>{part.slice(1, -1)}</code>
          ) : (
            part
          ),
        )}
    </>
  )
}
