import { linkParts } from '../../lib/message-text.ts';

/** A message as text; web addresses (http and https only) as links that open in a new tab. */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {linkParts(text).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow" className="underline">
            {part.text}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
