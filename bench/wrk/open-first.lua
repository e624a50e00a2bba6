-- Every connection open before the first request is asked (mix-open.lua, unique-open.lua): each
-- connection's first request waits the given milliseconds, so that the server accepts all of
-- them while it is idle; every later request goes at once. A loaded Node process accepts one new
-- connection per turn of its event loop (libuv 1.45+), so with fresh connections the last of 500
-- waits seconds for its first answer; a script with this measures the server without that ramp.
local open_first = {}

local waiting, wait_ms = 0, 0

-- `count`: this thread's connections; `ms`: the wait.
function open_first.init(count, ms)
  waiting = tonumber(count)
  wait_ms = tonumber(ms)
end

function open_first.delay()
  if waiting > 0 then
    waiting = waiting - 1
    return wait_ms
  end
  return 0
end

return open_first
