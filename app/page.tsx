import { LoupeApp } from '../components/shell/LoupeApp';

export default function Home() {
  return <LoupeApp />;
}
