export { PageShell, type PageShellAction, type PageShellProps } from './page-shell';
