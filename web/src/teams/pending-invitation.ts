// An invitation link opened before signing in: kept in this browser until the invited
// account is signed in (even after signing up and confirming the address in between).
const KEY = "pending_invitation";

export const pendingInvitation = {
  keep: (token: string) => localStorage.setItem(KEY, token),
  take: (): string | null => {
    const token = localStorage.getItem(KEY);
    localStorage.removeItem(KEY);
    return token;
  },
};

export const invitationPath = (token: string) => `/invitations/accept?token=${encodeURIComponent(token)}`;
