"""The Lua scripts of the match store (service/store/snapshots.py, outbox.py): each touches the keys of one match and its
shard's due index only (one Redis Cluster slot). A script is atomic; it also copies every argument
and reply through Lua (measured ~2 us per KB on top of the commands), so the hottest read, a view's
load with its rate-limit hit, is a plain MULTI/EXEC instead (service/store/transaction.py)."""

# Sets the outbox entry of the match in KEYS[1] (index KEYS[3]): due time ARGV[n] ('' = nothing
# due) for member ARGV[n+1]; a write of the match resets the sweeper's attempt count.
SET_DUE_LUA = """
local function set_due(match_key, index_key, due, member, attempts)
  if due == '' then
    if redis.call('HDEL', match_key, 'due') == 1 then redis.call('ZREM', index_key, member) end
  else
    redis.call('HSET', match_key, 'due', due)
    redis.call('ZADD', index_key, due, member)
  end
  if attempts then redis.call('HSET', match_key, 'attempts', attempts) end
end
"""

# Keys of one match expire together, `ttl` ms after the last write (0 = kept until deleted). A
# write within 1% of the ttl (at most a minute) of the previous refresh leaves it be: one PTTL
# instead of a PEXPIRE per key on the hottest path. The last key named is checked: the newest
# (a match's history list appears with its first action, with no ttl yet).
SET_TTL_LUA = """
local function set_ttl(ttl, ...)
  ttl = tonumber(ttl)
  local keys = {...}
  if ttl > 0 then
    local left = redis.call('PTTL', keys[#keys])  -- the newest key (history: the first action's)
    if left > 0 and left <= ttl and ttl - left <= math.min(ttl / 100, 60000) then return end
  end
  for _, key in ipairs(keys) do
    if ttl > 0 then redis.call('PEXPIRE', key, ttl) else redis.call('PERSIST', key) end
  end
end
"""

SAVE_SCRIPT = SET_DUE_LUA + SET_TTL_LUA + """
local rev = tonumber(redis.call('HGET', KEYS[1], 'rev') or '-1')
if rev ~= tonumber(ARGV[1]) then
  return {0, tonumber(redis.call('HGET', KEYS[1], 'version') or '-1'), rev}
end
local stored = redis.call('LLEN', KEYS[4])
local total, first = tonumber(ARGV[9]), tonumber(ARGV[9]) - (#ARGV - 11)
if first > stored then
  return redis.error_reply('history gap: ' .. first .. ' > ' .. stored)
end
rev = rev + 1
redis.call('HSET', KEYS[1], 'doc', ARGV[2], 'meta', ARGV[3], 'version', ARGV[4], 'rev', rev,
           'attempts', 0, 'saved', ARGV[11])
redis.call('XADD', KEYS[2], '0-' .. rev, 'entry', ARGV[5])
for i = 12, #ARGV do
  if first + (i - 12) >= stored then redis.call('RPUSH', KEYS[4], ARGV[i]) end
end
set_due(KEYS[1], KEYS[3], ARGV[6], ARGV[7], false)
set_ttl(ARGV[8], KEYS[1], KEYS[2], KEYS[4])
redis.call('PUBLISH', ARGV[10], ARGV[7])
return {1, tonumber(ARGV[4]), rev}
"""

CREATE_SCRIPT = SET_DUE_LUA + SET_TTL_LUA + """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'doc', ARGV[1], 'meta', ARGV[2], 'version', ARGV[3], 'rev', 1,
           'nonce', ARGV[10])
redis.call('XADD', KEYS[2], '0-1', 'entry', ARGV[4])
set_due(KEYS[1], KEYS[3], ARGV[7], ARGV[6], 0)
set_ttl(ARGV[8], KEYS[1], KEYS[2])
redis.call('PUBLISH', ARGV[9], ARGV[6])
return 1
"""

# An archived match written whole (service/cli/archive.py): snapshot, meta, a fresh nonce, every
# event (ARGV[9] of them, seq 1..n) and the history, or nothing when the id exists and ARGV[1] is
# not '1' (replace: the old match's keys go first, in the same script).
IMPORT_SCRIPT = SET_DUE_LUA + SET_TTL_LUA + """
if redis.call('EXISTS', KEYS[1]) == 1 then
  if ARGV[1] ~= '1' then return 0 end
  redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
end
redis.call('ZREM', KEYS[4], ARGV[7])
local n = tonumber(ARGV[9])
redis.call('HSET', KEYS[1], 'doc', ARGV[2], 'meta', ARGV[3], 'version', ARGV[4], 'rev', n,
           'nonce', ARGV[5])
for i = 1, n do redis.call('XADD', KEYS[2], '0-' .. i, 'entry', ARGV[9 + i]) end
for i = 10 + n, #ARGV do redis.call('RPUSH', KEYS[3], ARGV[i]) end
set_due(KEYS[1], KEYS[4], ARGV[6], ARGV[7], 0)
set_ttl(ARGV[8], KEYS[1], KEYS[2], KEYS[3])
return 1
"""

# One atomic read of what a load needs: the snapshot's fields, the events after seq ARGV[1] and
# the history entries from index ARGV[2] (what this process has not parsed yet) and the creation
# nonce (false for matches stored before nonces) and the outbox attempts; 0 if no match; a
# compacted match answers no doc and its packed form eighth.
LOAD_LUA = """
local function load()
  local raw = redis.call('HMGET', KEYS[1], 'doc', 'meta', 'rev', 'version', 'nonce', 'attempts',
                        'packed')
  if not raw[1] then  -- no match, or a compacted one (service/store/compaction.py)
    if not raw[7] then return 0 end
    return {false, raw[2], raw[3], {}, {}, raw[5] or false, false, raw[7]}
  end
  local events, history = {}, {}  -- read only when something was appended since (or rewritten)
  if tonumber(raw[3]) ~= tonumber(ARGV[1]) then
    events = redis.call('XRANGE', KEYS[2], '(0-' .. ARGV[1], '+')
  end
  if tonumber(raw[4] or '0') ~= tonumber(ARGV[2]) then
    history = redis.call('LRANGE', KEYS[3], ARGV[2], -1)
  end
  return {raw[1], raw[2], raw[3], events, history, raw[5] or false, raw[6] or false}
end
"""
LOAD_SCRIPT = LOAD_LUA + "return load()"

# The sweeper's follow-up: only if the match is still at the revision it looked at.
RESCHEDULE_SCRIPT = SET_DUE_LUA + """
local rev = redis.call('HGET', KEYS[1], 'rev')
if not rev then
  redis.call('ZREM', KEYS[3], ARGV[3])
  return 0
end
if tonumber(rev) ~= tonumber(ARGV[1]) then return 0 end
set_due(KEYS[1], KEYS[3], ARGV[2], ARGV[3], ARGV[4])
return 1
"""

# Take up to ARGV[3] overdue entries and lease them until ARGV[2], so two sweepers never handle
# the same entry at once and an entry whose sweeper died comes due again.
CLAIM_SCRIPT = """
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
for _, id in ipairs(ids) do redis.call('ZADD', KEYS[1], ARGV[2], id) end
return ids
"""
