# Link play without a board or a second machine: an in-memory network (fake_net), the scripted
# human's key (auto_key), in-process tables (tables) and a screenless link process (play).
