/**
 * The spec's error catalogue (section 8) maps the hosted backend's messages ("User already registered",
 * "Invalid login credentials"). Better Auth words them differently, so its answers are reworded here, once,
 * keeping the code. The client then maps them exactly as the spec says.
 */
const REWORDED: Record<string, string> = {
  USER_ALREADY_EXISTS: "User already registered",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "User already registered",
  INVALID_EMAIL_OR_PASSWORD: "Invalid login credentials",
  // Spec section 8 maps "Email not confirmed" to "Please verify your email address before signing in."
  EMAIL_NOT_VERIFIED: "Email not confirmed",
};

export async function rewordAuthError(response: Response): Promise<Response> {
  if (response.status < 400 || !response.headers.get("content-type")?.includes("application/json")) return response;
  const text = await response.text();
  let body: { code?: string; message?: string };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return new Response(text, response);
  }
  const message = body.code ? REWORDED[body.code] : undefined;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(message ? { ...body, message } : body), { status: response.status, headers });
}
