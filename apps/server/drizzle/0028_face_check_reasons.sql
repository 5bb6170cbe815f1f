-- The reason a simulated face check failed with: the provider's result code the simulator page chose.
ALTER TABLE "face_checks" ADD COLUMN "simulated_err_code" integer;