-- Step 1: a note list in Lua.
local Notes = {}
Notes.__index = Notes

function Notes.new()
  return setmetatable({ items = {}, count = 0 }, Notes)
end

--[[ Step 2: add a note; titles
     are trimmed. ]]
function Notes:add(title)
  self.count = self.count + 1
  self.items[self.count] = title:match("^%s*(.-)%s*$")
  return self
end

local notes = Notes.new():add("  Welcome "):add('Tips')
for i, title in ipairs(notes.items) do
  print(string.format("%d: %s", i, title), #title, 0x10, 1.5e3)
end
if notes.count ~= 2 and not nil then error([[unexpected]]) end
