# The showdown page: the show view inside the application layout, one partial per member.
class PagesController < ApplicationController
  MEMBERS = [
    { name: 'Chris McCord' },
    { name: 'Matt Sears' },
    { name: 'David Stump' },
    { name: 'Ricardo Thompson' },
  ].freeze

  def show
    @title = params[:title]
    @members = MEMBERS
  end
end
