-- wrk script of the HTTP benchmarks (bench/http_load.py, bench/http_memory.py).
--
-- WRK_REQUESTS names a file with one request a line, "METHOD PATH BODYFILE" (BODYFILE is
-- "-" for none); the connections send them in turn, round robin. With WRK_CLOSE=1 every
-- request asks for "Connection: close" (a new connection each). done() prints one line,
-- "WRK_RESULT {json}", with the counts and the latency percentiles in microseconds.

local requests = {}
local next_request = 1
local close = os.getenv("WRK_CLOSE") == "1"

local function read_file(path)
  local file = assert(io.open(path, "rb"))
  local text = file:read("*a")
  file:close()
  return text
end

function init(args)
  local listing = os.getenv("WRK_REQUESTS")
  assert(listing, "WRK_REQUESTS is not set")
  for line in io.lines(listing) do
    local method, path, body_file = line:match("^(%S+)%s+(%S+)%s+(%S+)$")
    if method then
      local headers, body = {}, nil
      if close then
        headers["Connection"] = "close"
      end
      if body_file ~= "-" then
        body = read_file(body_file)
        headers["Content-Type"] = "application/json"
      end
      requests[#requests + 1] = wrk.format(method, path, headers, body)
    end
  end
  assert(#requests > 0, "no request in WRK_REQUESTS")
end

function request()
  local r = requests[next_request]
  next_request = next_request % #requests + 1
  return r
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_RESULT {"requests": %d, "duration_us": %d, "connect_errors": %d, "read_errors": %d, '
      .. '"write_errors": %d, "timeouts": %d, "status_errors": %d, "p50_us": %d, "p90_us": %d, '
      .. '"p99_us": %d, "mean_us": %.1f, "max_us": %d}\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.timeout, e.status,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.mean, latency.max
  ))
end
