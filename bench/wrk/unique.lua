-- Cold keys (bench/soak.ts): every request a search word never asked before, so every one is a
-- cache miss that goes upstream (user searches and illust searches alternately).
package.path = debug.getinfo(1, 'S').source:match('@(.*/)') .. '?.lua;' .. package.path
require('report')

local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set('tid', threads)
end

local n = 0

function request()
  n = n + 1
  local word = string.format('k%d-%d-%d', os.time(), tid, n)
  if n % 2 == 0 then
    return wrk.format('GET', '/api/pixiv/search_user?word=' .. word)
  end
  return wrk.format('GET', '/api/pixiv/search?word=' .. word)
end

function done(summary, latency, requests)
  report(summary, latency)
end
