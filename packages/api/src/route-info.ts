/** Where a call lives and how its payload travels; the part of a call definition the browser needs. */
export interface RouteInfo {
  method: 'GET' | 'POST';
  path: string;
  form?: boolean;
  multipart?: boolean;
  binary?: boolean;
}
