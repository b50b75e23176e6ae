export const nowIso = () => new Date().toISOString();
export const isoIn = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
