-- wrk: send DEPTH requests back to back on each connection (HTTP/1.1 pipelining), like
-- TechEmpower's plaintext test. Usage: wrk ... -s bench/pipeline.lua URL -- 16
init = function(args)
  local depth = tonumber(args[1]) or 16
  local batch = {}
  for i = 1, depth do
    batch[i] = wrk.format(nil)
  end
  pipelined = table.concat(batch)
end

request = function()
  return pipelined
end
