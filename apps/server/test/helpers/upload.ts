/** A real 1x1 PNG (8-bit RGBA), 70 bytes. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** Encodes a multipart/form-data body the way a browser does, using the platform's own encoder. */
export async function multipart(
  fields: Record<string, { bytes: Uint8Array | string; filename: string; type: string } | string>,
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else {
      const part = typeof value.bytes === "string" ? value.bytes : new Uint8Array(value.bytes);
      form.append(name, new Blob([part], { type: value.type }), value.filename);
    }
  }
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get("content-type")! };
}
