import { Link } from "react-router";
import { AuthLayout } from "../components/AuthLayout";

const TEXT = {
  terms: {
    title: "Terms of Service",
    body: [
      "You may upload only recordings you have the right to process. You keep all rights to your recordings, transcripts, summaries and notes.",
      "We provide the service as is and may change it; we will tell you in advance about changes that affect your data.",
      "You can delete any file or folder at any time; deleted media and transcripts are removed from storage.",
    ],
  },
  privacy: {
    title: "Privacy Policy",
    body: [
      "We store your name, e-mail address and a salted hash of your password, never the password itself.",
      "Your recordings are stored privately and sent to the transcription service you use only to transcribe them. Nobody else can see your files.",
      "We send e-mail only for account confirmation and password resets.",
    ],
  },
} as const;

export function LegalPage({ kind }: { kind: keyof typeof TEXT }) {
  const { title, body } = TEXT[kind];
  return (
    <AuthLayout title={title}>
      {body.map((p) => (
        <p key={p}>{p}</p>
      ))}
      <p className="auth-footer">
        <Link to="/signup">Back to sign up</Link>
      </p>
    </AuthLayout>
  );
}
