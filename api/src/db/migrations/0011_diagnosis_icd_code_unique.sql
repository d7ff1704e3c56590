-- An ICD code names one diagnosis (issue 9: a duplicate code answers 400 naming the field): a second diagnosis with the
-- same code, saved at the same instant as the first past the api's own check, is stopped here. Only diagnoses carry a
-- code; rows without one do not collide.
CREATE UNIQUE INDEX "keyword_masters_icd_code_idx" ON "keyword_masters" USING btree ("kind",lower("icd_code"));