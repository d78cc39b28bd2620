# bash completion for xo (Crossover): sub-commands, their options, machine names, trace directories.
_xo() {
  local cur prev words cword
  _init_completion || return
  local commands="cc c++ run record report compare bench history machines calibrate gui help"
  if [[ $cword -eq 1 ]]; then
    COMPREPLY=($(compgen -W "$commands --help --version" -- "$cur"))
    return
  fi
  local machines="loggp ap1000 t3d t3e x1 xt3 xe6 power4 sx6"
  case "$prev" in
    --machine|-m) COMPREPLY=($(compgen -W "$machines" -- "$cur")); return ;;
    --compute) COMPREPLY=($(compgen -W "none measured" -- "$cur")); return ;;
    --privatize) COMPREPLY=($(compgen -W "on off" -- "$cur")); return ;;
    --format) COMPREPLY=($(compgen -W "text json markdown" -- "$cur")); return ;;
    -o|--output|--db) _filedir; return ;;
  esac
  case "${words[1]}" in
    run|record)
      if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "-n --ranks --machine --param --env --compute --stack-size --privatize --quiet -o --force --mpi=system --mpi=openmpi --mpi=mpich" -- "$cur"))
      else
        _filedir
      fi ;;
    report) COMPREPLY=($(compgen -W "--verify --verify-runs --format --no-bench --no-cache --no-simulate --top --db --no-store --no-history" -- "$cur")); _filedir -d ;;
    gui) COMPREPLY=($(compgen -W "--view --screenshot --size" -- "$cur")); _filedir -d ;;
    compare) COMPREPLY=($(compgen -W "--machine --compute --format" -- "$cur")); _filedir -d ;;
    bench) COMPREPLY=($(compgen -W "--machine --suite --ranks --param --env --db --no-history --mpi=system --mpi=openmpi --mpi=mpich --reps --rounds" -- "$cur")) ;;
    history) COMPREPLY=($(compgen -W "list show compare trend export delete" -- "$cur")) ;;
    machines) COMPREPLY=($(compgen -W "--show $machines" -- "$cur")) ;;
    calibrate|help) COMPREPLY=($(compgen -W "$machines $commands" -- "$cur")) ;;
    cc|c++) _filedir ;;
  esac
}
complete -F _xo xo
