-- wrk: POST /v1/render?format=html&fragment=true with the sample alerts in turn (their paths are the script's
-- arguments, after `--`). `done` prints one summary line that scripts/bench-server.sh reads.
local bodies = {}
local index = 0

function init(args)
  for _, path in ipairs(args) do
    local file = assert(io.open(path, "rb"))
    bodies[#bodies + 1] = file:read("*a")
    file:close()
  end
  assert(#bodies > 0, "give the sample files after --")
end

function request()
  index = index % #bodies + 1
  return wrk.format("POST", "/v1/render?format=html&fragment=true", { ["Content-Type"] = "application/json" }, bodies[index])
end

function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format("wrk-summary requests=%d rps=%.0f p50_ms=%.3f p99_ms=%.3f max_ms=%.3f non2xx=%d socket_errors=%d\n",
    summary.requests, summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000, errors.status,
    errors.connect + errors.read + errors.write + errors.timeout))
end
