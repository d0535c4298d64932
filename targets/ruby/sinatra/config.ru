require_relative 'response_headers'
require_relative 'app'

use ResponseHeaders, 'Sinatra'
run ShowdownApp
