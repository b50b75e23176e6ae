// A stand-in for an OpenAI-compatible speech server (the third party the app
// calls for `openai-compatible`), started by the browser tests on loopback.
// Filenames steer it: "hold" answers 503 (the job retries later, so the file stays
// processing without blocking the queue), "slow" answers after 8 s, "fail"
// answers 400, "bench3h" answers a 3-hour recording (3,000 segments of 10 words,
// 4 speakers) at once; anything else answers after 1.5 s. Chat completions (summaries)
// answer "Summary (type): " and the transcript's first words.
import http from "node:http";

const port = Number(process.env.FAKE_OPENAI_PORT || 8789);
const VOCAB = "so the quarterly budget looks fine but we should talk about hiring plans before the next review".split(" ");

function transcript(segments, wordsPer, speakers = 2) {
  const words = [];
  const segs = [];
  let t = 0;
  for (let s = 0; s < segments; s++) {
    const start = t;
    const text = [];
    for (let w = 0; w < wordsPer; w++) {
      const word = VOCAB[(s * 5 + w) % VOCAB.length];
      words.push({ word, start: +t.toFixed(2), end: +(t + 0.3).toFixed(2) });
      text.push(word);
      t += 0.35;
    }
    segs.push({ id: s, start, end: +t.toFixed(2), text: `${text.join(" ")}.`, speaker: `SPEAKER_0${s % speakers}`, avg_logprob: s % 3 === 0 ? -0.5 : -0.05 });
    t += 0.4;
  }
  return { task: "transcribe", language: "en", duration: +t.toFixed(2), text: segs.map((s) => s.text).join(" "), words, segments: segs };
}

/** Summaries: "Summary (type): " and the transcript's first words, so tests see what was asked. */
function chatAnswer(body) {
  const ask = JSON.parse(body).messages.find((m) => m.role === "user")?.content ?? "";
  const type = /headline/.test(ask) ? "headline" : /gist/.test(ask) ? "gist" : /one paragraph/.test(ask) ? "paragraph" : /5 to 12/.test(ask) ? "bullets_verbose" : "bullets";
  const words = (ask.split(/Transcript( part)?:\n/).at(-1) ?? "").split(/\s+/).filter(Boolean).slice(0, 6).join(" ");
  return { object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content: `Summary (${type}): ${words}` }, finish_reason: "stop" }] };
}

http
  .createServer((req, res) => {
    const head = [];
    const chat = req.url?.endsWith("/chat/completions");
    // Audio uploads: only the first chunks (the file name) are kept; chat requests are read whole.
    req.on("data", (chunk) => (chat || head.length < 2) && head.push(chunk));
    req.on("end", () => {
      if (req.method === "POST" && chat) {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(chatAnswer(Buffer.concat(head).toString("utf8"))));
        return;
      }
      if (req.method !== "POST" || !req.url?.endsWith("/audio/transcriptions")) {
        res.writeHead(404).end();
        return;
      }
      const name = /filename="([^"]*)"/.exec(Buffer.concat(head).toString("latin1"))?.[1] ?? "";
      if (name.includes("hold")) {
        res.writeHead(503, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "Busy, try later" } }));
        return;
      }
      if (name.includes("bench3h")) {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(transcript(3_000, 10, 4)));
        return;
      }
      const delay = name.includes("slow") ? 8_000 : 1_500;
      setTimeout(() => {
        if (name.includes("fail")) {
          res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "Audio file is corrupt" } }));
          return;
        }
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(transcript(6, 8)));
      }, delay);
    });
  })
  .listen(port, "127.0.0.1", () => console.log(`fake OpenAI-compatible server on ${port}`));
