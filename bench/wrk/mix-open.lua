-- The warm mix (mix.lua) with every connection open before the first request is asked
-- (open-first.lua). Arguments after `--`: the paths file, this thread's connections, the wait in
-- ms.
package.path = debug.getinfo(1, 'S').source:match('@(.*/)') .. '?.lua;' .. package.path
require('mix')
local open_first = require('open-first')

local mix_init = init

function init(args)
  mix_init(args)
  open_first.init(args[2], args[3])
end

delay = open_first.delay
