import type { Mail } from './mailer.ts';

/** The house layout of a plain transactional e-mail: a paragraph per line, escaped, with the Mohar signature. */
export function simpleMail(options: { to: string; subject: string; lines: string[] }): Mail {
  const text = `${options.lines.join('\n\n')}\n\n— Mohar (मोहर), online notarisation by live video`;
  const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<!doctype html><html lang="en"><body style="font-family:Inter,Arial,sans-serif;color:#1b1e3c;background:#f4f5fb;margin:0"><div style="max-width:560px;margin:0 auto;padding:32px 16px"><div style="font-size:20px;font-weight:700;color:#2f3a8f;margin-bottom:24px">◉ Mohar</div><div style="background:#fff;border-radius:12px;padding:28px">${options.lines.map((l) => `<p style="margin:0 0 16px;line-height:1.5">${esc(l)}</p>`).join('')}</div></div></body></html>`;
  return { to: options.to, subject: options.subject, text, html };
}
