-- Words in their compact form (worker/transcripts/stored-words.ts, decision 026):
-- [id segments, texts, times in integer ms, confidences in 1/10,000, originals?, entities?].
-- Ids already stored are random, so each row's ids become one segment of ids joined by spaces.

-- The search index reads both forms (0019) and a converted row's text does not change: the
-- index trigger is set aside while the rows are converted, so nothing is indexed again.
DROP TRIGGER search_utterance_update;

UPDATE utterances SET words = (
  SELECT CASE
    WHEN n_x > 0 THEN json_array(json_array(ids), texts, json(times), json(confidences), json(originals), json(entities))
    WHEN n_o > 0 THEN json_array(json_array(ids), texts, json(times), json(confidences), json(originals))
    ELSE json_array(json_array(ids), texts, json(times), json(confidences)) END
  FROM (
    SELECT
      group_concat(id, ' ' ORDER BY k) AS ids,
      group_concat(t, ' ' ORDER BY k) AS texts,
      '[' || group_concat(gap || ',' || dur, ',' ORDER BY k) || ']' AS times,
      '[' || group_concat(c4, ',' ORDER BY k) || ']' AS confidences,
      coalesce(json_group_array(json_array(k, o4) ORDER BY k) FILTER (WHERE o4 IS NOT NULL), '[]') AS originals,
      coalesce(json_group_array(k ORDER BY k) FILTER (WHERE x = 1), '[]') AS entities,
      count(o4) AS n_o, count(CASE WHEN x = 1 THEN 1 END) AS n_x
    FROM (
      SELECT k, id, t, sm - coalesce(lag(em) OVER (ORDER BY k), 0) AS gap, em - sm AS dur, c4, o4, x
      FROM (
        SELECT w.key AS k, json_extract(w.value, '$.id') AS id, json_extract(w.value, '$.t') AS t,
          CAST(round(json_extract(w.value, '$.s') * 1000) AS INTEGER) AS sm,
          CAST(round(json_extract(w.value, '$.e') * 1000) AS INTEGER) AS em,
          CAST(round(json_extract(w.value, '$.c') * 10000) AS INTEGER) AS c4,
          CAST(round(json_extract(w.value, '$.o') * 10000) AS INTEGER) AS o4,
          json_extract(w.value, '$.x') AS x
        FROM json_each(utterances.words) w
      )
    )
  )
)
-- Only what the compact form holds exactly; anything else stays in the first form, which is still read.
WHERE json_type(words, '$[0]') = 'object'
  AND NOT EXISTS (
    SELECT 1 FROM json_each(utterances.words) w
    WHERE json_type(w.value, '$.id') IS NOT 'text' OR json_type(w.value, '$.t') IS NOT 'text'
      OR json_extract(w.value, '$.id') = '' OR instr(json_extract(w.value, '$.id'), ' ') > 0
      OR json_extract(w.value, '$.t') = '' OR instr(json_extract(w.value, '$.t'), ' ') > 0
      OR CAST(round(json_extract(w.value, '$.s') * 1000) AS INTEGER) / 1000.0 IS NOT json_extract(w.value, '$.s')
      OR CAST(round(json_extract(w.value, '$.e') * 1000) AS INTEGER) / 1000.0 IS NOT json_extract(w.value, '$.e')
      OR CAST(round(json_extract(w.value, '$.c') * 10000) AS INTEGER) / 10000.0 IS NOT json_extract(w.value, '$.c')
      OR (json_type(w.value, '$.o') IS NOT NULL
        AND CAST(round(json_extract(w.value, '$.o') * 10000) AS INTEGER) / 10000.0 IS NOT json_extract(w.value, '$.o'))
      OR (json_type(w.value, '$.x') IS NOT NULL AND json_extract(w.value, '$.x') IS NOT 1)
  );

CREATE TRIGGER search_utterance_update AFTER UPDATE OF words ON utterances WHEN OLD.words IS NOT NEW.words BEGIN
  INSERT INTO search_fts (search_fts, rowid, owner, body)
    SELECT 'delete', r.id, 'u' || replace(t.user_id, '-', ''),
      CASE WHEN json_type(OLD.words, '$[0]') = 'array' THEN json_extract(OLD.words, '$[1]')
        ELSE (SELECT group_concat(json_extract(w.value, '$.t'), ' ') FROM json_each(OLD.words) w) END
    FROM search_refs r, transcripts t WHERE r.ref_id = OLD.id AND r.kind = 0 AND t.id = OLD.transcript_id;
  INSERT INTO search_fts (rowid, owner, body)
    SELECT r.id, 'u' || replace(t.user_id, '-', ''),
      CASE WHEN json_type(NEW.words, '$[0]') = 'array' THEN json_extract(NEW.words, '$[1]')
        ELSE (SELECT group_concat(json_extract(w.value, '$.t'), ' ') FROM json_each(NEW.words) w) END
    FROM search_refs r, transcripts t WHERE r.ref_id = NEW.id AND r.kind = 0 AND t.id = NEW.transcript_id;
END;
