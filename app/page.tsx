export default function Home() {
  return <main className="p-4">Loupe</main>;
}
