// Stands in for checkOnServer.tsx in the browser build: the build has checked every string already.
export default function noCheck(): void {}
