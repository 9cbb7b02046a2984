/**
 * Facts the server writes into index.html (`<script id="mohar-boot" type="application/json">`) so the first paint
 * needs no request. Absent under the Vite dev server: callers fall back to the API.
 */
export function readBootData<T>(key: string): T | undefined {
  try {
    const element = document.getElementById('mohar-boot');
    if (!element?.textContent) return undefined;
    const data = JSON.parse(element.textContent) as Record<string, unknown>;
    return data[key] as T | undefined;
  } catch {
    return undefined;
  }
}
