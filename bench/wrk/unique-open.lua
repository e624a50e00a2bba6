-- The cold keys (unique.lua) with every connection open before the first request is asked
-- (open-first.lua). Arguments after `--`: this thread's connections, the wait in ms.
package.path = debug.getinfo(1, 'S').source:match('@(.*/)') .. '?.lua;' .. package.path
require('unique')
local open_first = require('open-first')

function init(args)
  open_first.init(args[1], args[2])
end

delay = open_first.delay
