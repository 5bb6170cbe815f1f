# Sourced by the scripts that run one of the server's commands (apps/server/dist/<name>.js).
# server_command <name> [arguments...] builds the server first when it is not built, then runs the command.
# Paths among the arguments are the caller's, so they are made absolute before moving to the repository:
# the value after each option listed in PATH_OPTIONS (space-separated), and every positional when
# POSITIONAL_PATHS=1.
server_command() {
  local name="$1"
  shift
  local positional="${POSITIONAL_PATHS:-0}" args=() path_next
  path_next="$positional"
  for arg in "$@"; do
    case " ${PATH_OPTIONS:-} " in
      *" $arg "*) args+=("$arg"); path_next=1; continue ;;
    esac
    case "$arg" in
      -*) args+=("$arg"); path_next=0 ;;
      *) if [ "$path_next" = 1 ]; then args+=("$(realpath -m -- "$arg")"); else args+=("$arg"); fi; path_next="$positional" ;;
    esac
  done
  cd "$(dirname "${BASH_SOURCE[0]}")/../.."
  if [ ! -f "apps/server/dist/$name.js" ]; then
    bash scripts/pnpm.sh install --frozen-lockfile
    bash scripts/pnpm.sh turbo run build --filter @hall/server
  fi
  exec node "apps/server/dist/$name.js" ${args[@]+"${args[@]}"}
}
