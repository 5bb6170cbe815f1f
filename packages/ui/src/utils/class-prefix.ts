/** Every class the kit writes starts with this, as antd-mobile's start with `adm-`. */
export const CLASS_PREFIX = 'hall';

/** `hall-<component>`: the block class of one component; its parts add `-<part>`. */
export function classPrefixOf(component: string): string {
  return `${CLASS_PREFIX}-${component}`;
}

/** Class names, skipping the falsy ones. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
