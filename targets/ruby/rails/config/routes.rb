# The contract's routes (docs/scenarios.md). Rails matches routes in order, so the static ones win
# over /:title; format: false keeps a '.' in a segment part of the segment.
Rails.application.routes.draw do
  scope format: false do
    get '/', to: 'benchmarks#empty'
    get '/plaintext', to: 'benchmarks#plaintext'
    get '/json', to: 'benchmarks#json'
    get '/echo/hello-world', to: 'benchmarks#hello_world'
    get '/echo/plain/:param', to: 'benchmarks#echo_param'
    # Rails' segment constraint: the route matches only when the whole segment is digits.
    get '/echo/regex/:param', to: 'benchmarks#echo_param', constraints: { param: /[0-9]+/ }
    get '/user/:id', to: 'benchmarks#user_id'
    post '/user', to: 'echo#create'
    get '/:title', to: 'pages#show'

    # Everything else: a plain 404 from a route, rather than a RoutingError logged at fatal level.
    match '*unmatched', to: 'benchmarks#not_found', via: :all
  end
end
