# Step 1: a note with a title and tags.
require 'json'

class Note
  attr_reader :title, :tags

  def initialize(title, tags: [])
    @title = title.strip
    @tags = tags.map(&:to_sym)
  end

  # Step 2: notes as JSON.
  def to_json(*args)
    { title: @title, tags: @tags }.to_json(*args)
  end

  def pinned?
    @tags.include?(:pinned)
  end
end

notes = [Note.new("Welcome", tags: %w[intro pinned]), Note.new('Tips')]
pinned = notes.select(&:pinned?)
puts "#{pinned.size} pinned of #{notes.length}"
puts <<~TEXT
  All notes:
  #{notes.map(&:title).join(', ')}
TEXT
$stderr.puts 0x1F + 1.5 if notes.empty?
notes.each_with_index { |note, i| printf("%2d %s\n", i, note.title) }
puts /\A[a-z]+\z/i.match?("Intro") ? :yes : :no
