export function App() {
  return <h1>Tenger Poker</h1>;
}
