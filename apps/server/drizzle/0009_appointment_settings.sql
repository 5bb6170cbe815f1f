-- Filled in by the change that adds this part of the console; a no-op until then.
SELECT 1;
