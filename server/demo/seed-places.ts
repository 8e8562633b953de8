// The places demo stores are spread over: the 50 states and DC with their region and a few real cities each.
import type { RegionCode } from '../resources/states.ts';

interface StatePlace {
  code: string;
  name: string;
  region: RegionCode;
  cities: string[];
}

export const statePlaces: StatePlace[] = [
  { code: 'AL', name: 'Alabama', region: 'SE', cities: ['Birmingham', 'Montgomery', 'Mobile', 'Huntsville'] },
  { code: 'AK', name: 'Alaska', region: 'WE', cities: ['Anchorage', 'Fairbanks', 'Juneau'] },
  { code: 'AZ', name: 'Arizona', region: 'SW', cities: ['Phoenix', 'Tucson', 'Mesa', 'Chandler', 'Scottsdale'] },
  { code: 'AR', name: 'Arkansas', region: 'SE', cities: ['Little Rock', 'Fayetteville', 'Fort Smith'] },
  {
    code: 'CA',
    name: 'California',
    region: 'WE',
    cities: ['Los Angeles', 'San Diego', 'San Jose', 'San Francisco', 'Fresno', 'Sacramento', 'Oakland', 'Long Beach'],
  },
  { code: 'CO', name: 'Colorado', region: 'WE', cities: ['Denver', 'Colorado Springs', 'Aurora', 'Boulder'] },
  { code: 'CT', name: 'Connecticut', region: 'NE', cities: ['Bridgeport', 'New Haven', 'Hartford', 'Stamford'] },
  { code: 'DE', name: 'Delaware', region: 'NE', cities: ['Wilmington', 'Dover', 'Newark'] },
  { code: 'DC', name: 'District of Columbia', region: 'NE', cities: ['Washington'] },
  { code: 'FL', name: 'Florida', region: 'SE', cities: ['Jacksonville', 'Miami', 'Tampa', 'Orlando', 'St. Petersburg', 'Tallahassee'] },
  { code: 'GA', name: 'Georgia', region: 'SE', cities: ['Atlanta', 'Augusta', 'Columbus', 'Savannah', 'Athens'] },
  { code: 'HI', name: 'Hawaii', region: 'WE', cities: ['Honolulu', 'Hilo', 'Kailua'] },
  { code: 'ID', name: 'Idaho', region: 'WE', cities: ['Boise', 'Meridian', 'Nampa'] },
  { code: 'IL', name: 'Illinois', region: 'MW', cities: ['Chicago', 'Aurora', 'Naperville', 'Joliet', 'Rockford', 'Springfield'] },
  { code: 'IN', name: 'Indiana', region: 'MW', cities: ['Indianapolis', 'Fort Wayne', 'Evansville', 'South Bend'] },
  { code: 'IA', name: 'Iowa', region: 'MW', cities: ['Des Moines', 'Cedar Rapids', 'Davenport'] },
  { code: 'KS', name: 'Kansas', region: 'MW', cities: ['Wichita', 'Overland Park', 'Kansas City', 'Topeka'] },
  { code: 'KY', name: 'Kentucky', region: 'SE', cities: ['Louisville', 'Lexington', 'Bowling Green'] },
  { code: 'LA', name: 'Louisiana', region: 'SE', cities: ['New Orleans', 'Baton Rouge', 'Shreveport', 'Lafayette'] },
  { code: 'ME', name: 'Maine', region: 'NE', cities: ['Portland', 'Lewiston', 'Bangor'] },
  { code: 'MD', name: 'Maryland', region: 'NE', cities: ['Baltimore', 'Frederick', 'Rockville', 'Annapolis'] },
  { code: 'MA', name: 'Massachusetts', region: 'NE', cities: ['Boston', 'Worcester', 'Springfield', 'Cambridge', 'Lowell'] },
  { code: 'MI', name: 'Michigan', region: 'MW', cities: ['Detroit', 'Grand Rapids', 'Warren', 'Lansing', 'Ann Arbor'] },
  { code: 'MN', name: 'Minnesota', region: 'MW', cities: ['Minneapolis', 'Saint Paul', 'Rochester', 'Duluth'] },
  { code: 'MS', name: 'Mississippi', region: 'SE', cities: ['Jackson', 'Gulfport', 'Southaven'] },
  { code: 'MO', name: 'Missouri', region: 'MW', cities: ['Kansas City', 'St. Louis', 'Springfield', 'Columbia'] },
  { code: 'MT', name: 'Montana', region: 'WE', cities: ['Billings', 'Missoula', 'Bozeman'] },
  { code: 'NE', name: 'Nebraska', region: 'MW', cities: ['Omaha', 'Lincoln', 'Bellevue'] },
  { code: 'NV', name: 'Nevada', region: 'WE', cities: ['Las Vegas', 'Henderson', 'Reno'] },
  { code: 'NH', name: 'New Hampshire', region: 'NE', cities: ['Manchester', 'Nashua', 'Concord'] },
  { code: 'NJ', name: 'New Jersey', region: 'NE', cities: ['Newark', 'Jersey City', 'Paterson', 'Trenton', 'Edison'] },
  { code: 'NM', name: 'New Mexico', region: 'SW', cities: ['Albuquerque', 'Las Cruces', 'Santa Fe'] },
  { code: 'NY', name: 'New York', region: 'NE', cities: ['New York', 'Buffalo', 'Rochester', 'Yonkers', 'Syracuse', 'Albany'] },
  { code: 'NC', name: 'North Carolina', region: 'SE', cities: ['Charlotte', 'Raleigh', 'Greensboro', 'Durham', 'Winston-Salem'] },
  { code: 'ND', name: 'North Dakota', region: 'MW', cities: ['Fargo', 'Bismarck', 'Grand Forks'] },
  { code: 'OH', name: 'Ohio', region: 'MW', cities: ['Columbus', 'Cleveland', 'Cincinnati', 'Toledo', 'Akron', 'Dayton'] },
  { code: 'OK', name: 'Oklahoma', region: 'SW', cities: ['Oklahoma City', 'Tulsa', 'Norman'] },
  { code: 'OR', name: 'Oregon', region: 'WE', cities: ['Portland', 'Salem', 'Eugene', 'Bend'] },
  { code: 'PA', name: 'Pennsylvania', region: 'NE', cities: ['Philadelphia', 'Pittsburgh', 'Allentown', 'Erie', 'Harrisburg'] },
  { code: 'RI', name: 'Rhode Island', region: 'NE', cities: ['Providence', 'Warwick', 'Cranston'] },
  { code: 'SC', name: 'South Carolina', region: 'SE', cities: ['Charleston', 'Columbia', 'Greenville'] },
  { code: 'SD', name: 'South Dakota', region: 'MW', cities: ['Sioux Falls', 'Rapid City', 'Aberdeen'] },
  { code: 'TN', name: 'Tennessee', region: 'SE', cities: ['Nashville', 'Memphis', 'Knoxville', 'Chattanooga'] },
  {
    code: 'TX',
    name: 'Texas',
    region: 'SW',
    cities: ['Houston', 'San Antonio', 'Dallas', 'Austin', 'Fort Worth', 'El Paso', 'Arlington', 'Plano'],
  },
  { code: 'UT', name: 'Utah', region: 'WE', cities: ['Salt Lake City', 'West Valley City', 'Provo', 'Ogden'] },
  { code: 'VT', name: 'Vermont', region: 'NE', cities: ['Burlington', 'Montpelier', 'Rutland'] },
  { code: 'VA', name: 'Virginia', region: 'SE', cities: ['Virginia Beach', 'Norfolk', 'Richmond', 'Arlington', 'Roanoke'] },
  { code: 'WA', name: 'Washington', region: 'WE', cities: ['Seattle', 'Spokane', 'Tacoma', 'Vancouver', 'Bellevue'] },
  { code: 'WV', name: 'West Virginia', region: 'SE', cities: ['Charleston', 'Huntington', 'Morgantown'] },
  { code: 'WI', name: 'Wisconsin', region: 'MW', cities: ['Milwaukee', 'Madison', 'Green Bay', 'Kenosha'] },
  { code: 'WY', name: 'Wyoming', region: 'WE', cities: ['Cheyenne', 'Casper', 'Laramie'] },
];

export const regionGroups = [
  { code: 'HQ', name: 'Headquarters', description: 'Head office: sees every store' },
  { code: 'NE', name: 'Northeast', description: 'Stores of the Northeast region' },
  { code: 'SE', name: 'Southeast', description: 'Stores of the Southeast region' },
  { code: 'MW', name: 'Midwest', description: 'Stores of the Midwest region' },
  { code: 'SW', name: 'Southwest', description: 'Stores of the Southwest region' },
  { code: 'WE', name: 'West', description: 'Stores of the West region' },
] as const;

export const storeSuffixes = ['Downtown', 'Mall', 'Plaza', 'Center', 'Crossing', 'Market', 'Square', 'Commons', 'Outlet', 'Village'];
