-- The warm mix (mix.lua) with every connection open before the first request is asked: each
-- connection's first request waits the given milliseconds, so that the server accepts all of
-- them while it is idle; every later request goes at once. A loaded Node process accepts one new
-- connection per turn of its event loop (libuv 1.45+), so with mix.lua the last of 500 fresh
-- connections waits seconds for its first answer; this script measures the server without that
-- ramp. Arguments after `--`: the paths file, this thread's connections, the wait in ms.
package.path = debug.getinfo(1, 'S').source:match('@(.*/)') .. '?.lua;' .. package.path
require('mix')

local mix_init = init
local waiting, wait_ms = 0, 0

function init(args)
  mix_init(args)
  waiting = tonumber(args[2])
  wait_ms = tonumber(args[3])
end

function delay()
  if waiting > 0 then
    waiting = waiting - 1
    return wait_ms
  end
  return 0
end
