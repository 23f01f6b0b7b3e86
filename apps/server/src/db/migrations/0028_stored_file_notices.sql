-- Issue 40: a stored file's row deleted (the file deleted, wherever that was) is announced with its key, so every
-- process forgets its disk copy of it at once (providers/storage/disk-cache.ts).
CREATE OR REPLACE FUNCTION shepherd_stored_file_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shepherd_stored_files', OLD.key);
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stored_files_deleted AFTER DELETE ON stored_files
FOR EACH ROW EXECUTE FUNCTION shepherd_stored_file_deleted();
