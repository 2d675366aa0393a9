# Sourced by the script that runCurlSamples (run-curl-samples.ts) writes, before the samples.
# A sample's `curl` is this function: it keeps the arguments bash parsed, one transfer per call,
# with the variables `name` and `out` of that sample. `send_collected` then sends them all from
# one curl process (`--next` between transfers): each writes its answer to "$out.body" and
# "$out.headers", and "<name> <status>" on stdout.
requests=()

curl() {
  [ ${#requests[@]} -eq 0 ] || requests+=(--next)
  requests+=(--silent --show-error --max-time 60 --output "$out.body" --dump-header "$out.headers" --write-out "$name %{http_code}\n" "$@")
}

send_collected() {
  command curl "${requests[@]}"
}
