# The small text and JSON routes.
class BenchmarksController < ApplicationController
  def empty
    render plain: ''
  end

  def plaintext
    render plain: 'Hello, World!'
  end

  def json
    render json: { message: 'Hello, World!' }
  end

  def hello_world
    render plain: 'Hello World'
  end

  def echo_param
    render plain: params[:param]
  end

  def user_id
    render plain: params[:id]
  end

  def not_found
    head :not_found
  end
end
