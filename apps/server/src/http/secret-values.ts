/**
 * The values of the shop's secrets, so the log can be scrubbed of them wherever they appear (an
 * SDK's error that quotes a request, a careless log call): every environment variable whose name
 * says it holds a secret (token, password, secret, private key…), and the passwords inside the
 * database and SMTP URLs. Values shorter than 8 characters are left out (they would mask common
 * words, and no real credential is that short).
 */
const SECRET_NAME = /(SECRET|TOKEN|PASSWORD|PASSWD|_PASS$|PRIVATE_KEY|API_KEY|ACCESS_KEY|AUTH_KEY|SIGNING_KEY|WEBHOOK_KEY)/i;
const URL_VARIABLES = ['DATABASE_URL', 'SMTP_URL', 'TEST_DATABASE_URL'];
const MIN_SECRET = 8;

export function secretValues(env: NodeJS.ProcessEnv): string[] {
  const values = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (value && SECRET_NAME.test(name)) values.add(value);
  }
  for (const name of URL_VARIABLES) {
    try {
      const password = env[name] ? decodeURIComponent(new URL(env[name]).password) : '';
      if (password) values.add(password);
    } catch {
      // Not a URL: nothing to take from it.
    }
  }
  // A private key is also masked line by line (a log may quote part of it).
  for (const value of [...values]) for (const line of value.split(/\r?\n|\\n/)) values.add(line.trim());
  return [...values].filter((v) => v.length >= MIN_SECRET).sort((a, b) => b.length - a.length);
}

/** Replaces every secret value in a log line (longest first, so a part never survives a whole). */
export function scrubber(secrets: readonly string[]): (line: string) => string {
  if (secrets.length === 0) return (line) => line;
  return (line) => {
    let out = line;
    for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join('[secret]');
    // JSON escapes some characters of a secret (quotes, backslashes, newlines): check that form too.
    for (const secret of secrets) {
      const escaped = JSON.stringify(secret).slice(1, -1);
      if (escaped !== secret && out.includes(escaped)) out = out.split(escaped).join('[secret]');
    }
    return out;
  };
}
