-- The cold keys (unique.lua) with every connection open before the first request is asked, as
-- mix-open.lua does for the warm mix: each connection's first request waits the given
-- milliseconds, so that the server accepts all of them while it is idle. Arguments after `--`:
-- this thread's connections, the wait in ms.
package.path = debug.getinfo(1, 'S').source:match('@(.*/)') .. '?.lua;' .. package.path
require('unique')

local waiting, wait_ms = 0, 0

function init(args)
  waiting = tonumber(args[1])
  wait_ms = tonumber(args[2])
end

function delay()
  if waiting > 0 then
    waiting = waiting - 1
    return wait_ms
  end
  return 0
end
