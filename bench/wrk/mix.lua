-- The warm mix (bench/soak.ts): each request a random path from the file given after `--`
-- (cached mirror routes, images through the proxy, the SPA's shell and assets), with the
-- Accept-Encoding every browser sends.
package.path = debug.getinfo(1, 'S').source:match('@(.*/)') .. '?.lua;' .. package.path
require('report')

local paths = {}

function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then paths[#paths + 1] = line end
  end
  math.randomseed(os.time() + tonumber(tostring({}):match('0x(%x+)'), 16) % 100000)
end

wrk.headers['Accept-Encoding'] = 'gzip, deflate, br'

function request()
  return wrk.format('GET', paths[math.random(#paths)])
end

function done(summary, latency, requests)
  report(summary, latency)
end
