-- wrk: POST the bytes of a file as the body of every request, as application/octet-stream.
-- Usage: wrk ... -s bench/post.lua URL -- FILE
init = function(args)
  local file = assert(io.open(args[1], "rb"))
  local body = file:read("*a")
  file:close()
  req = wrk.format("POST", nil, { ["Content-Type"] = "application/octet-stream" }, body)
end

request = function()
  return req
end
